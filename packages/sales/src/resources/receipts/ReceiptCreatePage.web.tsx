import { ResourcePage, getResource, registerResources } from '@propdesk/records/web';
import { useSearchParams } from 'react-router';
import { SALES_RESOURCES } from '../manifest.js';
import { receiptExtras } from './receiptExtras.web.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/receipt/createNewReceipt`: the engine's receipt form, started from a contract's "Take a payment"
 * (`?customer=&contract=`) with today's date.
 */
export default function ReceiptCreatePage() {
  registerResources(SALES_RESOURCES);
  const [params] = useSearchParams();
  const pick = (name: string) => {
    const value = params.get(name);
    return value && UUID.test(value) ? value : undefined;
  };
  const initial: Record<string, unknown> = { receiptDate: new Date().toISOString().slice(0, 10) };
  const customer = pick('customer');
  const contract = pick('contract');
  if (customer) initial.customer = customer;
  if (contract) initial.contract = contract;
  return <ResourcePage def={getResource('receipts')} mode="create" initial={initial} {...receiptExtras} />;
}
