/**
 * Reviewers (admins, customs agents) see documents without downloading them: each photo as a thumbnail
 * that opens full size, each PDF in the page. The bytes come through PUT /download?inline=1 with the
 * user's token, under the same authorization as a download, and are shown from an object URL (an <img> or
 * <iframe> of its own could not carry the token). Both viewers are Mantine Modals: Escape and the close
 * button close them, focus returns to the button that opened them.
 *
 * On a phone a PDF is not framed: mobile browsers show a framed PDF as its first page or not at all, so
 * the viewer offers it to the phone's own PDF viewer in a new tab (decisions/0001-document-viewer.md).
 */
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { IconExternalLink, IconEye, IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { fetchFileForView } from '../api/download-file';
import type { FileRef } from '../types';

/** Below Mantine's `sm` (768 px): a phone, whose browser shows PDFs in its own viewer. */
const PHONE_QUERY = '(max-width: 47.99em)';
const THUMB = 72;

interface FileView {
  url: string | null;
  failed: boolean;
}

/** An object URL of the file's bytes while `file` is given (and the component mounted), revoked after. */
export function useFileView(file: FileRef | null): FileView {
  const [view, setView] = useState<(FileView & { key: string }) | null>(null);
  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchFileForView(file, controller.signal).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setView({ key: file.key, url, failed: false });
      },
      () => {
        if (!controller.signal.aborted) setView({ key: file.key, url: null, failed: true });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);
  return view && file && view.key === file.key ? view : { url: null, failed: false };
}

/** A photo's thumbnail; a click (or Enter) opens it full size. */
export function PhotoPreview({ file, label }: { file: FileRef; label: string }) {
  const { t } = useLingui();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [open, setOpen] = useState(false);
  const view = useFileView(file);
  const thumb = view.url ? (
    <Image src={view.url} alt={label} w={THUMB} h={THUMB} fit="cover" radius="sm" />
  ) : view.failed ? (
    <Center w={THUMB} h={THUMB} bg="var(--mantine-color-gray-light)" style={{ borderRadius: 4 }}>
      <IconPhotoOff size={22} aria-label={t`${label} could not be loaded`} />
    </Center>
  ) : (
    <Skeleton w={THUMB} h={THUMB} radius="sm" aria-label={t`Loading ${label}`} />
  );
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen(true)}
        disabled={!view.url}
        aria-label={t`View ${label} full size`}
        style={{ flexShrink: 0, borderRadius: 4 }}
      >
        {thumb}
      </UnstyledButton>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} size="auto" centered fullScreen={phone}>
        {view.url && (
          <img
            src={view.url}
            alt={label}
            style={{
              display: 'block',
              maxWidth: '100%',
              maxHeight: phone ? 'calc(100dvh - 90px)' : '80vh',
              margin: '0 auto',
            }}
          />
        )}
      </Modal>
    </>
  );
}

/** A PDF's 'View' button and its viewer: framed on desktop, handed to the phone's viewer on a phone. */
export function PdfPreview({ file, label }: { file: FileRef; label: string }) {
  const { t } = useLingui();
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  const [open, setOpen] = useState(false);
  // Fetched when opened, not with the page: reviewers open a few of many documents.
  const view = useFileView(open ? file : null);
  const newTab = view.url && (
    <Anchor href={view.url} target="_blank" rel="noopener" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconExternalLink size={14} aria-hidden />
        {t`Open in a new tab`}
      </Group>
    </Anchor>
  );
  return (
    <>
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconEye size={14} />}
        onClick={() => setOpen(true)}
        aria-label={t`View ${label}`}
      >
        {t`View`}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={label} size="xl" fullScreen={phone}>
        {view.failed ? (
          <Alert color="red">{t`This document could not be loaded. Try again, or download it.`}</Alert>
        ) : !view.url ? (
          <Center h={200}>
            <Loader role="status" aria-label={t`Loading ${label}`} />
          </Center>
        ) : phone ? (
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t`Your phone shows PDFs in its own viewer.`}</Text>
            <Button
              component="a"
              href={view.url}
              target="_blank"
              rel="noopener"
              leftSection={<IconExternalLink size={16} />}
            >
              {t`Open the PDF`}
            </Button>
          </Stack>
        ) : (
          <Stack gap="xs">
            <iframe src={view.url} title={label} style={{ width: '100%', height: '75vh', border: 0 }} />
            {newTab}
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** A file whose name says it is a picture (a payment voucher may be a phone photo); any other is a PDF. */
export const isPictureName = (name: string): boolean => /\.(png|jpe?g|webp|gif|heic)$/i.test(name);

/** The viewer that fits the file: a picture's thumbnail, or a PDF's 'View' button. */
export function FilePreview({ file, label }: { file: FileRef; label: string }) {
  return isPictureName(file.name) ? (
    <PhotoPreview file={file} label={label} />
  ) : (
    <PdfPreview file={file} label={label} />
  );
}
