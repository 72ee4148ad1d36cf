import type { Amount } from '../amount.ts';
import { clarityDeployOf, contractAt, type Chain, type InitialMint } from '../tables/chain.ts';
import { decimalsOf, FT_INITIAL_SUPPLY, type Contract } from '../tables/contracts.ts';
import { ContractKind } from '../tables/kinds.ts';

/**
 * Clarity source of a deployed contract, rebuilt from its record rather than stored: what the
 * Clarity engine deploys (world/run/), so each line here is what the chain runs. A token a world
 * file declares mints to its declared holders; a vault swaps the token it is paired with.
 */
export function sourceOf(chain: Chain, contract: Contract): string {
  switch (contract.kind) {
    case ContractKind.Ft:
      return ftSource(contract, mintsOf(chain, contract));
    case ContractKind.Nft:
      return nftSource(contract, mintsOf(chain, contract));
    case ContractKind.Vault:
      return vaultSource(contract, contractAt(chain, contract.pair).id);
    case ContractKind.Pox:
      return POX_SOURCE;
    case ContractKind.Genesis:
      return GENESIS_SOURCE;
    case ContractKind.Boot:
    case ContractKind.Bns:
      return bootStandIn(contract);
    case ContractKind.Broadcast: {
      const deployed = clarityDeployOf(chain, contract.id)?.payload;
      return deployed?.kind === 'deploy' ? deployed.source : '';
    }
    default:
      return plainSource(contract);
  }
}

/** The holders and amounts (FT) or ids (NFT) a declared token mints on deploy; undefined for a generated one. */
function mintsOf(chain: Chain, contract: Contract): { recipient: string; amount: Amount }[] | undefined {
  return chain.mints
    .get(contract.index)
    ?.map((m: InitialMint) => ({ recipient: chain.principals.name(m.recipient), amount: m.amount }));
}

function ftSource(c: Contract, mints: { recipient: string; amount: Amount }[] | undefined): string {
  return `;; ${c.name}: a SIP-010 fungible token
(define-fungible-token ${c.token})
(define-constant contract-owner tx-sender)
(define-constant err-owner-only (err u100))
(define-constant err-not-token-owner (err u101))

(define-public (transfer (amount uint) (sender principal) (recipient principal) (memo (optional (buff 34))))
  (begin
    (asserts! (is-eq tx-sender sender) err-not-token-owner)
    (try! (ft-transfer? ${c.token} amount sender recipient))
    (print { action: "transfer", amount: amount, recipient: recipient, sender: sender })
    (ok true)))

(define-public (mint (amount uint) (recipient principal))
  (begin
    (asserts! (is-eq tx-sender contract-owner) err-owner-only)
    (ft-mint? ${c.token} amount recipient)))

(define-public (burn (amount uint))
  (ft-burn? ${c.token} amount tx-sender))

(define-read-only (get-name) (ok "${c.name}"))
(define-read-only (get-symbol) (ok "${c.token.toUpperCase()}"))
(define-read-only (get-decimals) (ok u${decimalsOf(c)}))
(define-read-only (get-balance (who principal)) (ok (ft-get-balance ${c.token} who)))
(define-read-only (get-total-supply) (ok (ft-get-supply ${c.token})))
(define-read-only (get-token-uri) (ok none))

${
  mints
    ? mints.map((m) => `(ft-mint? ${c.token} u${m.amount} '${m.recipient})`).join('\n')
    : `(ft-mint? ${c.token} u${FT_INITIAL_SUPPLY} contract-owner)`
}
`;
}

function nftSource(c: Contract, mints: { recipient: string; amount: Amount }[] | undefined): string {
  const lastId = Math.max(0, ...(mints ?? []).map((m) => Number(m.amount)));
  return `;; ${c.name}: a SIP-009 non-fungible token
(define-non-fungible-token ${c.token} uint)
(define-data-var last-token-id uint u${lastId})
(define-constant err-not-token-owner (err u101))

(define-public (transfer (id uint) (sender principal) (recipient principal))
  (begin
    (asserts! (is-eq tx-sender sender) err-not-token-owner)
    (nft-transfer? ${c.token} id sender recipient)))

(define-public (mint (recipient principal))
  (let ((id (+ (var-get last-token-id) u1)))
    (try! (nft-mint? ${c.token} id recipient))
    (var-set last-token-id id)
    (print { action: "mint", id: id, recipient: recipient })
    (ok id)))

(define-public (burn (id uint))
  (nft-burn? ${c.token} id tx-sender))

(define-read-only (get-last-token-id) (ok (var-get last-token-id)))
(define-read-only (get-owner (id uint)) (ok (nft-get-owner? ${c.token} id)))
(define-read-only (get-token-uri (id uint)) (ok none))
${(mints ?? []).map((m) => `(nft-mint? ${c.token} u${m.amount} '${m.recipient})`).join('\n')}`;
}

function vaultSource(c: Contract, pair: string): string {
  return `;; ${c.name}: holds STX and swaps them for a fungible token
(define-constant err-empty (err u200))

(define-public (deposit (amount uint))
  (begin
    (try! (stx-transfer? amount tx-sender (as-contract tx-sender)))
    (print { action: "deposit", amount: amount, who: tx-sender })
    (ok true)))

(define-public (withdraw (amount uint))
  (let ((who tx-sender))
    (try! (as-contract (stx-transfer? amount tx-sender who)))
    (print { action: "withdraw", amount: amount, who: who })
    (ok true)))

(define-public (swap-stx-for-token (amount uint))
  (let ((who tx-sender) (out (+ (/ amount u100) u1)))
    (try! (stx-transfer? amount who (as-contract tx-sender)))
    (try! (as-contract (contract-call? '${pair} transfer out tx-sender who none)))
    (print { action: "swap", amount: amount, who: who })
    (ok out)))

(define-public (burn-stx (amount uint))
  (stx-burn? amount tx-sender))
`;
}

function plainSource(c: Contract): string {
  return `;; ${c.name}
(define-map entries principal (string-ascii 64))
(define-data-var counter uint u0)

(define-public (register (label (string-ascii 64)))
  (begin
    (map-set entries tx-sender label)
    (var-set counter (+ (var-get counter) u1))
    (print { action: "register", who: tx-sender })
    (ok (var-get counter))))

(define-read-only (lookup (who principal)) (map-get? entries who))
`;
}

const POX_SOURCE = `;; PoX-4: proof-of-transfer stacking
(define-constant ERR_STACKING_ALREADY_STACKED 3)
(define-public (stack-stx (amount-ustx uint)
                          (pox-addr (tuple (version (buff 1)) (hashbytes (buff 32))))
                          (start-burn-ht uint)
                          (lock-period uint)
                          (signer-sig (optional (buff 65)))
                          (signer-key (buff 33))
                          (max-amount uint)
                          (auth-id uint))
  (ok { lock-amount: amount-ustx, signer-key: signer-key, stacker: tx-sender, unlock-burn-height: u0 }))
`;

const GENESIS_SOURCE = `;; Genesis: the initial STX allocations
(define-data-var initialized bool true)
`;

/**
 * What the world holds of a node's boot contract: its source is the node's (GPL-3.0), which the
 * mock does not ship. The contract routes answer the Clarity engine's copy of it.
 */
function bootStandIn(c: Contract): string {
  return `;; ${c.name}: a boot contract of the node. Its source is the node's, not the mock's:
;; /v2/contracts/source and /extended/v1/contract answer it from the Clarity engine.
`;
}
