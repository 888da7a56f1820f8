/**
 * A text people read about a machine, in both languages of the product: state and transition
 * descriptions (`description` in English, `meta.he` in Hebrew) and each machine's event table
 * (`<machine>EventDescriptions`, typed against the machine's events so a new event cannot go
 * undescribed). Diagrams, the tester path reports, the explorer and the inspector show them.
 */
export interface MachineText {
  en: string;
  he: string;
}

/** The meta every described state and transition carries: the Hebrew beside `description`. */
export interface HebrewMeta {
  he: string;
}
