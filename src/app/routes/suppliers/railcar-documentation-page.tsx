import { useLingui } from '@lingui/react/macro';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { RailcarDocumentationForm } from '../../features/documentation/components/railcar-documentation-form';
import type { DocTicket } from '../../features/documentation/types';
import { PATHS } from '../../paths';

/** /dashboard/suppliers/railcar-documentation: document a confirmed railcar ticket, or edit one passed in state. */
export function RailcarDocumentationPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const navigate = useNavigate();
  const state = useLocation().state as { ticket?: DocTicket } | null;
  const ticket = state?.ticket ?? null;
  return (
    <>
      <PageHeader
        title={ticket ? t`Railcar documentation · Trip ID ${ticket.id}` : t`Load railcar`}
        description={t`Upload the waybill, invoice, certificates and photos of a railcar load.`}
      />
      <RailcarDocumentationForm
        key={ticket?.id ?? 'new'}
        editTicket={ticket}
        supplierId={user?.userDetail.supplier?.id}
        onDone={() => navigate(PATHS.suppliers.root, { replace: true })}
      />
    </>
  );
}
