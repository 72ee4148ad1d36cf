import { ok, type OperationHandler } from './types.ts';

export const get_status: OperationHandler<'get_status'> = {
  defaulted: [],
  answer: ({ world }) => ok(world.status()),
};
