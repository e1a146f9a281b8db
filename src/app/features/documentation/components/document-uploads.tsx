import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useLingui } from '@lingui/react/macro';
import type { DocumentSlot } from '../../../../shared/schemas/documentation';
import type { DocumentationFormValues } from '../form-values';
import type { Documentation } from '../types';
import { PdfFileField } from './pdf-file-field';
import { PhotosField } from './photos-field';

export interface DocumentUploadsProps {
  form: UseFormReturnType<DocumentationFormValues>;
  stored: Documentation | null | undefined;
  disabled: boolean;
  required: boolean;
  /** Railcar forms call the radioactive certificate a no-radioactivity certificate. */
  radioactiveLabel: string;
}

/** The four PDFs and the photos of a supplier documentation form. */
export function DocumentUploads({ form, stored, disabled, required, radioactiveLabel }: DocumentUploadsProps) {
  const { t } = useLingui();
  const labels: Record<DocumentSlot, string> = {
    salesInvoice: t`Sales invoice`,
    weightCertificate: t`Weight certificate`,
    BL: t`B/L`,
    radioactiveCertificate: radioactiveLabel,
  };
  const slots = Object.keys(labels) as DocumentSlot[];
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t`Documents`}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {slots.map((slot) => (
          <PdfFileField
            key={slot}
            slot={slot}
            label={labels[slot]}
            required={required}
            disabled={disabled}
            value={form.values[slot]}
            stored={stored?.[slot]}
            error={form.errors[slot] as string | undefined}
            onChange={(file) => form.setFieldValue(slot, file)}
            onError={(message) => form.setFieldError(slot, message)}
          />
        ))}
      </SimpleGrid>
      <PhotosField
        label={t`Photos`}
        required={required}
        disabled={disabled}
        value={form.values.photos}
        stored={stored?.photos}
        error={form.errors.photos as string | undefined}
        onChange={(files) => form.setFieldValue('photos', files)}
        onError={(message) => form.setFieldError('photos', message)}
      />
    </Stack>
  );
}
