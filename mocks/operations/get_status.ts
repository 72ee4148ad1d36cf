import { ok, type OperationHandler } from './types.ts';

export const get_status: OperationHandler = ({ world }) => ok(world.status());
