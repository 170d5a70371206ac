/** What other features may use of the payment sync: the button that runs it. */
export { PaymentSyncButton } from './PaymentSync';
