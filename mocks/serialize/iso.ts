/**
 * Unix seconds in the real service's ISO form, e.g. `2024-01-01T00:00:00.000Z`; the same text as
 * `new Date(t * 1000).toISOString()`, computed with integer arithmetic because the serializers
 * call it for every transaction and Date is comparatively slow.
 */
export function isoOf(unixSeconds: number): string {
  const days = Math.floor(unixSeconds / 86400);
  const secondsOfDay = unixSeconds - days * 86400;
  // Civil-from-days (H. Hinnant): the proleptic Gregorian date of a day count since 1970-01-01.
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(secondsOfDay / 3600);
  const minutes = Math.floor((secondsOfDay % 3600) / 60);
  const seconds = secondsOfDay % 60;
  return `${year}-${two(month)}-${two(day)}T${two(hours)}:${two(minutes)}:${two(seconds)}.000Z`;
}

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}
