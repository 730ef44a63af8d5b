import { Center, Stack, Text, Title } from '@mantine/core'

export function App() {
  return (
    <Center h="100vh">
      <Stack align="center" gap="xs">
        <Title order={1}>Payments Desk</Title>
        <Text c="dimmed">Look up payments, explain failed deposits, manage webhook endpoints.</Text>
      </Stack>
    </Center>
  )
}
