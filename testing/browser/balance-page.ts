// The browser test's page script (msw/browser.test.ts): MSW's worker with the mock's handlers,
// then a balance fetched from the real API's address, as an app would, and shown.
import { setupWorker } from 'msw/browser';
import { createStacksHandlers } from '../../msw/browser.ts';

const shown = document.getElementById('balance') as HTMLElement;
try {
  const stacks = createStacksHandlers({ seed: 7, blocks: 120, quiet: true });
  await setupWorker(...stacks.handlers).start({ quiet: true, onUnhandledRequest: 'error' });
  const address = stacks.world.addresses.busiest;
  const res = await fetch(`https://api.mainnet.hiro.so/extended/v1/address/${address}/balances`);
  const body = (await res.json()) as { stx: { balance: string } };
  shown.dataset.address = address;
  shown.dataset.status = String(res.status);
  shown.textContent = body.stx.balance;
} catch (err) {
  shown.dataset.error = err instanceof Error ? err.message : String(err);
}
