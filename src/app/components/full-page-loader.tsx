import { Center, Loader } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';

export function FullPageLoader() {
  const { t } = useLingui();
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader role="status" aria-label={t`Loading`} />
    </Center>
  );
}
