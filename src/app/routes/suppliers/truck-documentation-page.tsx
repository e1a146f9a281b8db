import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import { mayDo } from '../../../shared/domain/available-actions';
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
  const passed = state?.ticket ?? null;
  // A confirmed ticket passed from its card or page is documented here (picked in the form); any other
  // passed ticket already has documentation, which the form then edits.
  const toLoad = passed && user && mayDo(passed, user, 'documentation-create') ? passed : null;
  const ticket = toLoad ? null : passed;
  return (
    <>
      <PageHeader
        title={ticket ? t`Truck documentation · Trip ID ${ticket.id}` : t`Load truck`}
        description={t`Upload the shipping documents of a truck load.`}
      />
      <TruckDocumentationForm
        key={ticket?.id ?? `new-${toLoad?.id ?? ''}`}
        editTicket={ticket}
        ticketToLoad={toLoad}
        supplierId={user?.userDetail.supplier?.id}
        onDone={() => navigate(PATHS.suppliers.root, { replace: true })}
      />
    </>
  );
}
