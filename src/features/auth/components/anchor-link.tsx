import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { type ComponentPropsWithoutRef, forwardRef } from 'react';

type AnchorElementProps = AnchorProps & Omit<ComponentPropsWithoutRef<'a'>, keyof AnchorProps>;

const RouterAnchor = forwardRef<HTMLAnchorElement, AnchorElementProps>((props, ref) => (
  <Anchor component="a" ref={ref} {...props} />
));

/** Mantine's Anchor that navigates through the router, with typed `to` and `search`. */
export const AnchorLink = createLink(RouterAnchor);
