// The sync area's public face for other areas: the one payment-writing path (modules/imports uses it).
export {
  beneficiaryRules,
  finishPayments,
  lockPayments,
  type PaymentWrite,
  upsertPayments,
} from './payment-writer.js';
