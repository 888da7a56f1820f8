import { ActionIcon, type ActionIconProps, NavLink, type NavLinkProps } from '@mantine/core';
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

type ActionIconAnchorProps = ActionIconProps &
  Omit<React.ComponentPropsWithoutRef<'a'>, keyof ActionIconProps>;

const ActionIconAnchor = forwardRef<HTMLAnchorElement, ActionIconAnchorProps>((props, ref) => (
  <ActionIcon component="a" ref={ref} {...props} />
));

const CreatedRouterActionIcon = createLink(ActionIconAnchor);

/** Mantine's ActionIcon as a router link: an icon in the header that opens a screen. */
export const RouterActionIcon: LinkComponent<typeof ActionIconAnchor> = (props) => (
  <CreatedRouterActionIcon preload="intent" {...props} />
);
