/**
 * Admin /categories: each carrier's category (a whole number, 1 first in the allocation) and whether
 * the allocation may offer it tickets, edited in place row by row. Saving unchanged values shows the
 * server's info 'No changes were made to carrier'. ADMINRO sees the controls disabled.
 */
import { Badge, Switch } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { IconCategory, IconDeviceFloppy } from '@tabler/icons-react';
import { useState } from 'react';
import * as v from 'valibot';
import { DataList, type DataColumn } from '../../../components/data-list';
import { PageHeader } from '../../../components/page-header';
import { NumberField } from '../../../components/number-field';
import { formNumber } from '../../../../shared/domain/number-text';
import { BACK_OFFICE_TOASTS } from '../../../lib/back-office-messages';
import { useMessageTranslator } from '../../../lib/messages';
import { UpdateCarrierSchema, type CarrierView } from '../../../../shared/schemas/carrier';
import { useCarrierList, useUpdateCarrier } from '../api/masters';
import { fieldIssues, serverError } from '../server-error';
import { toastError, toastInfo, toastSuccess } from '../toasts';
import { NetworkButton } from '../../../components/network-button';

type Draft = { category: number | string; enabledForAlgorithm: boolean };

export function CategoriesScreen({ readOnly }: { readOnly: boolean }) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const carriers = useCarrierList();
  const update = useUpdateCarrier();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const draftOf = (c: CarrierView): Draft =>
    drafts[c.id] ?? { category: c.category, enabledForAlgorithm: c.enabledForAlgorithm };
  const change = (c: CarrierView, patch: Partial<Draft>) => {
    setDrafts((d) => ({ ...d, [c.id]: { ...draftOf(c), ...patch } }));
    // A row's message was about the value it replaces.
    setErrors((e) => ({ ...e, [c.id]: '' }));
  };

  const save = (c: CarrierView) => {
    const draft = draftOf(c);
    const parsed = v.safeParse(UpdateCarrierSchema, {
      category: formNumber(draft.category),
      enabledForAlgorithm: draft.enabledForAlgorithm,
    });
    if (!parsed.success) {
      setErrors((e) => ({ ...e, [c.id]: tm(Object.values(fieldIssues(parsed.issues))[0] ?? '') }));
      return;
    }
    setErrors((e) => ({ ...e, [c.id]: '' }));
    update.mutate(
      { id: c.id, carrier: parsed.output },
      {
        onSuccess: (result) => {
          if (!result.changed) toastInfo(tm(result.message ?? 'No changes were made to carrier'));
          else toastSuccess(t`${c.businessName}: options saved`);
          setDrafts(({ [c.id]: _saved, ...rest }) => rest);
        },
        onError: (error) => toastError(serverError(error, tm, tm(BACK_OFFICE_TOASTS.carriersError))),
      },
    );
  };

  const columns: DataColumn<CarrierView>[] = [
    { key: 'businessName', header: t`Carrier`, cell: (c) => c.businessName, primary: true },
    {
      key: 'mode',
      header: t`Mode`,
      cell: (c) => <Badge variant="light">{c.mode === 'TRUCK' ? t`truck` : t`railcar`}</Badge>,
    },
    {
      key: 'category',
      header: t`Category`,
      cell: (c) => (
        <NumberField
          kind="count"
          aria-label={t`Category of ${c.businessName}`}
          value={draftOf(c).category}
          onChange={(value) => change(c, { category: value })}
          disabled={readOnly}
          error={errors[c.id] || undefined}
          w={120}
        />
      ),
    },
    {
      key: 'enabled',
      header: t`In the allocation`,
      cell: (c) => (
        <Switch
          aria-label={t`${c.businessName} receives tickets from the allocation`}
          checked={draftOf(c).enabledForAlgorithm}
          onChange={(e) => change(c, { enabledForAlgorithm: e.currentTarget.checked })}
          disabled={readOnly}
          size="md"
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t`Carrier categories`}
        description={t`Each carrier's category and whether allocation may offer it tickets.`}
      />
      <DataList
        label={t`Carrier categories`}
        columns={columns}
        rows={carriers.data ?? []}
        rowKey={(c) => c.id}
        loading={carriers.isPending}
        error={carriers.isError}
        errorText={tm(BACK_OFFICE_TOASTS.carriersError)}
        onRetry={() => void carriers.refetch()}
        query={carriers}
        emptyIcon={<IconCategory size={30} stroke={1.5} />}
        emptyTitle={t`No carriers to show`}
        emptyDescription={t`Carriers with their category and allocation setting will be listed here.`}
        actions={(c) => (
          <NetworkButton
            size="xs"
            variant="light"
            leftSection={<IconDeviceFloppy size={14} />}
            disabled={readOnly}
            loading={update.isPending && update.variables?.id === c.id}
            onClick={() => save(c)}
            aria-label={t`Save ${c.businessName}`}
          >
            {t`Save`}
          </NetworkButton>
        )}
      />
    </>
  );
}
