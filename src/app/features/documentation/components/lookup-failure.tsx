/**
 * The documentation forms' lists (tickets, stored documentation, destinations, materials and, for
 * railcars, carriers and yards) that failed to load: the 'Error al obtener los
 * transportistas' with a retry, so a supplier can tell "nothing to document" from "the server did not
 * answer". Offline, queries pause instead of failing, so this shows only for real failures.
 */
import { Alert, Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { carriersQuery, useDestinations } from '../../../lib/lookups';
import { DOCUMENT_TOASTS, useMessageTranslator } from '../../../lib/messages';
import { depotsQuery } from '../api/get-depots';
import { useMaterials } from '../api/get-materials';

export function LookupFailure({ queries, railcar = false }: { queries: UseQueryResult[]; railcar?: boolean }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const destinations = useDestinations();
  const materials = useMaterials();
  // The railcar form's own lists; the truck form never loads them.
  const carriers = useQuery({ ...carriersQuery(), enabled: railcar });
  const depots = useQuery({ ...depotsQuery(), enabled: railcar });
  const failed = [...queries, destinations, materials, carriers, depots].filter((query) => query.isError);
  if (failed.length === 0) return null;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={tm(DOCUMENT_TOASTS.carriersLoadError)}
      role="alert"
    >
      {t`Some of the form's lists could not be loaded. Check the connection and try again.`}
      <Button
        mt="sm"
        size="compact-sm"
        variant="light"
        color="red"
        leftSection={<IconRefresh size={14} />}
        onClick={() => failed.forEach((query) => void query.refetch())}
      >
        {t`Try again`}
      </Button>
    </Alert>
  );
}
