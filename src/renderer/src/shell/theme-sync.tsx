import { useEffect } from 'react'
import { useMantineColorScheme } from '@mantine/core'
import { useConnection } from '../stores/connection-store'

/** Applies the theme chosen in Settings (light, dark, or the system's). */
export function ThemeSync() {
  const theme = useConnection((state) => state.view?.settings.theme)
  const { setColorScheme } = useMantineColorScheme()
  useEffect(() => {
    if (theme) setColorScheme(theme === 'system' ? 'auto' : theme)
  }, [theme, setColorScheme])
  return null
}
