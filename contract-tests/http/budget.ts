export class BudgetExceeded extends Error {}

/** The cap on requests a run may send (`MAX_REQUESTS`), so a loop can never run away against a live service. */
export class RequestBudget {
  spent = 0;

  constructor(readonly max: number) {}

  take(): void {
    if (this.spent >= this.max) {
      throw new BudgetExceeded(
        `the request budget is spent: MAX_REQUESTS=${this.max} requests were sent; raise MAX_REQUESTS to go further`,
      );
    }
    this.spent += 1;
  }
}
