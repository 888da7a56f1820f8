import { MERMAID_OPTIONS } from '@diagrams/mermaid-diagram';
import { Alert, Box, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOnce } from '@/components/load-once';

/** Mermaid source in, SVG markup out. */
export type RenderDiagram = (id: string, source: string) => Promise<string>;

/** Mermaid, loaded on first use: it is large, and only this development page needs it. */
const loadMermaid = loadOnce(() =>
  import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize(MERMAID_OPTIONS);
    return mermaid;
  }),
);

export const renderWithMermaid: RenderDiagram = async (id, source) => {
  const mermaid = await loadMermaid();
  return (await mermaid.render(`diagram-${id}-${Date.now()}`, source)).svg;
};

type DiagramState =
  | { status: 'drawing' }
  | { status: 'drawn'; svg: string }
  | { status: 'failed'; message: string };

interface MachineDiagramProps {
  id: string;
  source: string;
  label: string;
  render: RenderDiagram;
}

export function MachineDiagram({ id, source, label, render }: MachineDiagramProps) {
  const { t } = useTranslation('dev');
  const [state, setState] = useState<DiagramState>({ status: 'drawing' });

  useEffect(() => {
    let current = true;
    render(id, source).then(
      (svg) => current && setState({ status: 'drawn', svg }),
      (error: unknown) =>
        current &&
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, [id, source, render]);

  if (state.status === 'failed') {
    return <Alert color="red">{t('machines.diagramFailed', { message: state.message })}</Alert>;
  }
  if (state.status === 'drawing') return <Loader size="sm" aria-label={t('machines.diagramLoading')} />;
  return (
    <Box
      role="img"
      aria-label={label}
      dir="ltr"
      style={{ overflowX: 'auto' }}
      // Mermaid's own output, drawn with securityLevel 'strict' from a diagram generated from our machines.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the SVG comes from Mermaid, not from users.
      dangerouslySetInnerHTML={{ __html: state.svg }}
    />
  );
}
