/** One commission line on a broker's statement. */
export type BrokerStatementLine = {
  id: string;
  number: string;
  contract: string;
  project: string;
  customer: string | null;
  accruedOn: string;
  basis: string;
  rate: string;
  amount: string;
  trigger: string;
  status: string;
  earnedOn: string | null;
  paidOn: string | null;
  paymentReference: string | null;
  /** Of a clawback: what the broker must still return (0.00 once recovered, or for a line never clawed back). */
  recoverable: string;
  /** Of a clawback: what the broker has returned, when and under which reference. */
  recovered: string;
  recoveredOn: string | null;
  recoveryReference: string | null;
  reason: string | null;
};

/** A broker's commission statement (issue 18): every line and the totals by state. */
export type BrokerStatement = {
  broker: { id: string; name: string; companyName: string | null; licenseNo: string };
  asOf: string;
  lines: BrokerStatementLine[];
  totals: {
    /** Earned on a sale, its trigger not met yet. */
    accrued: string;
    /** Trigger met, awaiting approval. */
    payable: string;
    approved: string;
    /** Every line ever paid out: paid, clawed back and recovered ones. */
    paid: string;
    /** Undone before payment (not owed). */
    reversed: string;
    /** Paid, then clawed back: what the broker must still return. */
    toRecover: string;
    /** Paid, clawed back, and returned by the broker. */
    recovered: string;
    /** Owed to the broker now: payable and approved. */
    owed: string;
    /** What the broker keeps: paid less every clawback, returned (recovered) or still to return (toRecover). */
    netPaid: string;
  };
};

/** A broker with commission lines, for the statement's picker. */
export type CommissionBroker = { id: string; name: string; lines: number; owed: string };
