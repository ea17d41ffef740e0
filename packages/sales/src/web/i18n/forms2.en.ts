/**
 * The sales forms' and records' words added for issue 29's forms (a contract's step buttons, ...), spread at
 * the end of `en`. English is the screens' text as it was, byte for byte.
 */
export const forms2En = {
  'contract.stepTo': '{action} → {step}',
} as const;
