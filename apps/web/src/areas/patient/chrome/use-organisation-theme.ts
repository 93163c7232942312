import { useEffect } from 'react';
import type { PatientConfig } from '@prsp/contracts';
import { themeVariables } from './theme';

/** Spec §1 per-organisation theming: the config's colours become the CSS variables every style reads. */
export function useOrganisationTheme(config: PatientConfig | undefined) {
  const theme = config?.themeOverrides;
  useEffect(() => {
    const root = document.documentElement;
    const vars = themeVariables(theme);
    for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
    return () => {
      for (const name of Object.keys(vars)) root.style.removeProperty(name);
    };
  }, [theme]);
}

/** The organisation's background image (spec §3 backgroundUrl), only from our own site or https. */
export function backgroundStyle(config: PatientConfig | undefined): React.CSSProperties | undefined {
  const url = config?.themeOverrides.backgroundUrl;
  if (!url || !(url.startsWith('/') || url.startsWith('https://'))) return undefined;
  return { backgroundImage: `url(${JSON.stringify(url)})` };
}
