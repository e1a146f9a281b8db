import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { RailcarDocumentationForm } from '../../features/documentation/components/railcar-documentation-form';
import { usePassedTicket } from '../../features/documentation/components/use-passed-ticket';

/** /dashboard/suppliers/railcar-documentation: document a confirmed railcar ticket (or the one passed in state), or edit one passed in state. */
export function RailcarDocumentationPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { formKey, ...form } = usePassedTicket(user);
  const ticket = form.editTicket;
  return (
    <>
      <PageHeader
        title={ticket ? t`Railcar documentation · Trip ID ${ticket.id}` : t`Load railcar`}
        description={t`Upload the waybill, invoice, certificates and photos of a railcar load.`}
      />
      <RailcarDocumentationForm key={formKey} {...form} />
    </>
  );
}
