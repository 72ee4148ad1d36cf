/**
 * The limits a stacks-node holds a contract to in epoch 3.3, the mock's chain's, each as
 * stacks-core states it (stacks-network/stacks-core, read for issue 39): the hostile fuzz predicts
 * what the node does with a contract from these, independently of the mock's own code.
 */

/**
 * `MAX_CALL_STACK_DEPTH_LEGACY` (clarity-types/src/lib.rs; 128 from epoch 3.4) plus
 * `AST_CALL_STACK_DEPTH_BUFFER` (5, clarity/src/vm/ast/stack_depth_checker.rs): the AST's depth
 * checks refuse a list or tuple at this level (`check_vary`: `depth >= max_nesting_depth`).
 */
export const MAX_NESTING_DEPTH = 64 + 5;

/**
 * The parser's own count (clarity/src/vm/ast/parser/v2/mod.rs, `parse_node`): a list one, a `{`
 * tuple two ("becomes a list of pairs"), refused past `max_nesting_depth + 1`.
 */
export const MAX_PARSER_DEPTH = MAX_NESTING_DEPTH + 1;

/** The runtime's call stack (`check_call_preconditions`, clarity/src/vm/mod.rs): user frames plus native applications. */
export const MAX_CALL_STACK_DEPTH = 64;

/** `MAX_TYPE_DEPTH` (clarity-types/src/types/mod.rs): `uint` is 1, each optional, response, list or tuple around it one more. */
export const MAX_TYPE_DEPTH = 32;

/** `MAX_VALUE_SIZE` (clarity-types/src/types/mod.rs, 1 MiB): the longest buffer or ASCII string type (`BufferLength`). */
export const MAX_VALUE_SIZE = 1024 * 1024;

/** `MAX_UTF8_VALUE_SIZE`: MAX_VALUE_SIZE / 4, a UTF-8 string type's longest, in characters. */
export const MAX_UTF8_LENGTH = MAX_VALUE_SIZE / 4;

/**
 * The longest `(list N uint)` type: a list's size is its entries' (16 bytes a uint) plus its
 * type's few bytes, at most MAX_VALUE_SIZE (`ListTypeData::new_list`, `inner_size`).
 */
export const MAX_UINT_LIST_LENGTH = Math.floor((MAX_VALUE_SIZE - 6) / 16);

/** `BLOCK_LIMIT_MAINNET_21` (stackslib/src/core/mod.rs), the block's budget from epoch 2.1 on. */
export const BLOCK_LIMIT = {
  writeLength: 15_000_000,
  writeCount: 15_000,
  readLength: 100_000_000,
  readCount: 15_000,
  runtime: 5_000_000_000,
} as const;
