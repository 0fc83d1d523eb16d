import type { MonthlyCount } from "../../store/sent-mail-counters";

export interface CountersView {
  totalNumberOfMailsSent: { count: number };
  monthlySentMails: MonthlyCount[];
}

export function countersView(total: number, months: MonthlyCount[]): CountersView {
  return { totalNumberOfMailsSent: { count: total }, monthlySentMails: months };
}

export function sumCounts(months: MonthlyCount[]): number {
  return months.reduce((total, month) => total + month.count, 0);
}
