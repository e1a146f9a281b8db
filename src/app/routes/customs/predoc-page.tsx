import { CustomsDocumentationDetail } from './truck-documentation-detail-page';

/** /dashboard/customs/predoc/{id}: the pre-documentation of a ticket at the border (its documentation review). */
export function PredocPage() {
  return <CustomsDocumentationDetail />;
}
