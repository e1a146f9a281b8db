import { CustomsDocumentationDetail } from './truck-documentation-detail-page';

/** /dashboard/customs/railcar-documentation/{id}: the same review as the truck one, by the ticket's mode. */
export function CustomsRailcarDocumentationDetailPage() {
  return <CustomsDocumentationDetail />;
}
