/** The user's calendar day (not UTC's) as `YYYY-MM-DD`: a date input's value, the follow-ups' `today`. */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
