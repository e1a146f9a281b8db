/**
 * The reference page Lighthouse measures beside /login (npm run bench -- --only app --lighthouse): a
 * sign-in card made with React and Mantine alone, built and served the same way as the app, so the
 * figures say what the portal adds on top of its two main libraries.
 */
import '@mantine/core/styles.css';
import { Button, Center, MantineProvider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function SignIn() {
  return (
    <Center mih="100vh" p="md">
      <Paper component="main" withBorder shadow="sm" p="lg" w="100%" maw={420}>
        <Stack>
          <Title order={1}>Sign in</Title>
          <Text c="dimmed">Enter your username and password.</Text>
          <TextInput label="Username" autoComplete="username" />
          <PasswordInput label="Password" autoComplete="current-password" />
          <Button fullWidth>Sign in</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <SignIn />
    </MantineProvider>
  </StrictMode>,
);
