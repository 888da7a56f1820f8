import type { CSSProperties, ReactNode } from 'react';

/**
 * Text written left to right, a phone number or a dial code, kept in its own order inside a
 * right-to-left line: an isolate, so the bidirectional algorithm neither moves its plus sign nor mixes
 * it with the words around it.
 */
export function LeftToRight({
  children,
  className,
  style,
}: {
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <bdi dir="ltr" className={className} style={style}>
      {children}
    </bdi>
  );
}
