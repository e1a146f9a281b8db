import { Select, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import { formatTonnes, useLocaleFormat, type IntlLocale } from '../../../lib/locale-format';
import { useMessageTranslator } from '../../../lib/messages';
import { useMaterials } from '../api/get-materials';
import { usePurchaseOrders } from '../api/get-purchase-orders';
import type { DocumentationFormValues } from '../form-values';
import type { PurchaseOrder } from '../types';
import { formatMonth } from '../../../../shared/format/display-format';

export interface MaterialFieldsProps {
  form: UseFormReturnType<DocumentationFormValues>;
  supplierId: number | undefined;
  disabled: boolean;
  /** Railcar: the description is an optional visible field; truck: it is set from the material, hidden. */
  showDescription: boolean;
  /** The stored order, listed even when it has nothing left. */
  storedOrder?: { id: number; documentNumberId: string; availableQuantity: number } | null | undefined;
  /** The admin edit keeps the stored material when left alone: not required there. */
  required?: boolean;
}

/** 'number · delivery month (Nov 2026) · remaining t'. */
export const purchaseOrderLabel = (
  order: Pick<PurchaseOrder, 'documentNumberId' | 'earlyDeliveryDate' | 'availableQuantity'>,
  locale: IntlLocale,
) =>
  `${order.documentNumberId} · ${formatMonth(order.earlyDeliveryDate, locale)} · ${formatTonnes(order.availableQuantity, locale)} t`;

/** Material, then its purchase orders for the supplier; changing the material clears the order. */
export function MaterialFields({
  form,
  supplierId,
  disabled,
  showDescription,
  storedOrder,
  required = true,
}: MaterialFieldsProps) {
  const { t } = useLingui();
  const tm = useMessageTranslator();
  const { locale } = useLocaleFormat();
  const materials = useMaterials();
  const materialId = form.values.materialId ? Number(form.values.materialId) : null;
  const orders = usePurchaseOrders(materialId, supplierId);
  const options = (orders.data ?? []).map((order) => ({
    value: String(order.id),
    label: purchaseOrderLabel(order, locale),
  }));
  if (storedOrder && !options.some((option) => option.value === String(storedOrder.id))) {
    options.unshift({
      value: String(storedOrder.id),
      label: `${storedOrder.documentNumberId} · ${formatTonnes(storedOrder.availableQuantity, locale)} t`,
    });
  }

  return (
    <>
      <Select
        label={t`Material`}
        required={required}
        searchable
        disabled={disabled}
        data={(materials.data ?? []).map((material) => ({ value: String(material.id), label: material.description }))}
        {...form.getInputProps('materialId')}
        onChange={(value) => {
          const material = materials.data?.find((item) => String(item.id) === value);
          form.setFieldValue('materialId', value);
          form.setFieldValue('purchaseOrderId', null);
          if (!showDescription) form.setFieldValue('materialDescription', material?.description ?? '');
        }}
        error={tm(form.errors.materialId)}
      />
      {showDescription && (
        <TextInput
          label={t`Material description`}
          disabled={disabled}
          {...form.getInputProps('materialDescription')}
          error={tm(form.errors.materialDescription)}
        />
      )}
      <Select
        label={t`Purchase order`}
        description={materialId === null ? t`Choose a material first` : undefined}
        clearable
        disabled={disabled || materialId === null}
        data={options}
        nothingFoundMessage={t`No open purchase orders for this material`}
        {...form.getInputProps('purchaseOrderId')}
        error={orders.isError ? t`Error retrieving purchases` : tm(form.errors.purchaseOrderId)}
      />
    </>
  );
}
