import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { forwardRef } from 'react';

type NavLinkAnchorProps = NavLinkProps & Omit<React.ComponentPropsWithoutRef<'a'>, keyof NavLinkProps>;

const NavLinkAnchor = forwardRef<HTMLAnchorElement, NavLinkAnchorProps>((props, ref) => (
  <NavLink component="a" ref={ref} {...props} />
));

const CreatedRouterNavLink = createLink(NavLinkAnchor);

/** Mantine's NavLink that navigates through the router (typed `to`, preloading, no full reload). */
export const RouterNavLink: LinkComponent<typeof NavLinkAnchor> = (props) => (
  <CreatedRouterNavLink preload="intent" {...props} />
);
