import { SERVICE_TIME_ZONE, type Language } from '@prsp/contracts';
import { formatTime } from '@/lib/format';

/** The time of day in the service's time zone ('09.00'). */
export function clock(ms: number, lang: Language): string {
  return formatTime(ms, lang, SERVICE_TIME_ZONE);
}
