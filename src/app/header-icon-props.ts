/** The header's icons: one size and stroke, hidden from screen readers (each button carries its name). */
export const headerIconProps = { size: 20, stroke: 1.7, 'aria-hidden': true } as const;
