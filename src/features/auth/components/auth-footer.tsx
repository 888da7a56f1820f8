import { Text } from '@mantine/core';
import { AnchorLink } from './anchor-link';

/** The card's last line: a question and the link that answers it ('Don't have an account? Register'). */
export function AuthFooter({
  question,
  linkText,
  to,
}: {
  question: string;
  linkText: string;
  to: '/login' | '/register';
}) {
  return (
    <Text ta="center" size="sm" mt="xl">
      {question}{' '}
      <AnchorLink to={to} fw={600} inherit>
        {linkText}
      </AnchorLink>
    </Text>
  );
}
