// A row of the matchmaker table, as GET /members/breeders/matchmaker answers it and the widget shows it.

export interface MatchmakerRow {
  petNum: number;
  name: string;
  handle: string;
  breed: string;
  ageYears: number | null;
  titles: string;
  distanceMiles: number | null;
  /** The pair predictor's expected offspring COI for the pair; null when the two cannot be compared. */
  offspringCoi: number | null;
  offspringCoiText: string;
  /** Whether the lab found the two related (stored them as relatives). */
  related: boolean;
  profileHref: string;
  pairHref: string;
}
