import { EvoucherList } from '../../features/evouchers/components/evoucher-list';

export function CarrierEvouchersPage() {
  return <EvoucherList admin={false} />;
}
