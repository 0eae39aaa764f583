/**
 * money: how kubemu prices and prints an amount — the one place `kubemu cost` and
 * `kubemu rightsize` take their month and their dollar format from.
 */

/** HOURS_PER_MONTH is the month Azure's pricing calculator uses (730 hours). */
export const HOURS_PER_MONTH = 730;

/** money prints dollars with four decimals (small clusters cost fractions of a cent an hour). */
export const money = (v: number): string => `$${v.toFixed(4)}`;

/** perMonth is an hourly rate over a month of HOURS_PER_MONTH. */
export const perMonth = (hourly: number): number => hourly * HOURS_PER_MONTH;
