import type { InvoiceView } from '../../../shared/dto';
import type { InvoiceItem } from '../../api/wire-schemas';

export const invoiceView = (inv: InvoiceItem): InvoiceView => ({
  uuid: inv.uuid,
  displayId: inv.displayId,
  date: inv.date,
  expiry: inv.expiry,
  total: inv.total,
  status: inv.status && { ...inv.status },
  card: inv.card && { ...inv.card },
});
