import { Button, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef } from 'react';

type ButtonAnchorProps = ButtonProps & Omit<React.ComponentPropsWithoutRef<'a'>, keyof ButtonProps>;

const ButtonAnchor = forwardRef<HTMLAnchorElement, ButtonAnchorProps>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));

/** Mantine's Button as a router link (a real anchor: open in a new tab works). */
export const RouterButton = createLink(ButtonAnchor);
