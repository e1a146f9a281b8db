import { useLingui } from '@lingui/react/macro';
import { PageHeader } from '../../components/page-header';
import { useAuth } from '../../features/auth/auth-context';
import { TruckDocumentationForm } from '../../features/documentation/components/truck-documentation-form';
import { usePassedTicket } from '../../features/documentation/components/use-passed-ticket';

/** /dashboard/suppliers/truck-documentation: document a confirmed truck ticket (or the one passed in state), or edit one passed in state. */
export function TruckDocumentationPage() {
  const { t } = useLingui();
  const { user } = useAuth();
  const { formKey, ...form } = usePassedTicket(user);
  const ticket = form.editTicket;
  return (
    <>
      <PageHeader
        title={ticket ? t`Truck documentation · Trip ID ${ticket.id}` : t`Load truck`}
        description={t`Upload the shipping documents of a truck load.`}
      />
      <TruckDocumentationForm key={formKey} {...form} />
    </>
  );
}
