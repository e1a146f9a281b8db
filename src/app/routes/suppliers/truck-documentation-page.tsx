import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { TruckDocumentationForm } from '../../features/documentation/components/truck-documentation-form';
import type { DocTicket } from '../../features/documentation/types';
import { PATHS } from '../../paths';

/** /dashboard/suppliers/truck-documentation: document a confirmed truck ticket, or edit one passed in state. */
export function TruckDocumentationPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const navigate = useNavigate();
  const state = useLocation().state as { ticket?: DocTicket } | null;
  const ticket = state?.ticket ?? null;
  return (
    <>
      <PageHeader
        title={ticket ? t`Truck documentation · Trip ID ${ticket.id}` : t`Load truck`}
        description={t`Upload the shipping documents of a truck load.`}
      />
      <TruckDocumentationForm
        key={ticket?.id ?? 'new'}
        editTicket={ticket}
        supplierId={user?.userDetail.supplier?.id}
        onDone={() => navigate(PATHS.suppliers.root, { replace: true })}
      />
    </>
  );
}
