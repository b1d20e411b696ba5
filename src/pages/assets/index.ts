// The assets area's face: what other areas use of it. Other areas import only this file.
export { amountDirection, isZeroAmount } from './assets-format';
export { useKindLabel } from './journal-line';
export { SelectField } from './select-field';
export { TransferForm } from './transfer-form';
