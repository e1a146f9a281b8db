import { EvoucherList } from '../../features/evouchers/components/evoucher-list';

export function AdminEvouchersPage() {
  return <EvoucherList admin />;
}
