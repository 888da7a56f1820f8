import type { MediaFileDescriptor } from '@domain/property-form';
import { Center, Image } from '@mantine/core';
import { IconFileTypePdf, IconMovie, IconPhoto } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { isImageFile } from '../media-rules';
import { useWizard } from '../wizard-context';

/**
 * A file's thumbnail: a picked image through an object URL (revoked when the preview goes away), a
 * stored one through its signed URL, anything else as an icon of its kind.
 */
export function MediaPreview({ descriptor, height }: { descriptor: MediaFileDescriptor; height: number }) {
  const { files } = useWizard();
  const local = descriptor.stored === true ? undefined : files.fileOf(descriptor.id);
  const [objectUrl, setObjectUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!local || !isImageFile(local.type)) return;
    const url = URL.createObjectURL(local);
    setObjectUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setObjectUrl(null);
    };
  }, [local]);

  const src = objectUrl ?? (descriptor.stored === true ? files.urlOf(descriptor.id) : undefined);
  if (isImageFile(descriptor.mimeType) && src) {
    return <Image src={src} alt="" h={height} w="100%" fit="cover" radius="sm" />;
  }
  const Icon = isImageFile(descriptor.mimeType)
    ? IconPhoto
    : descriptor.mimeType.startsWith('video/')
      ? IconMovie
      : IconFileTypePdf;
  return (
    <Center h={height} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }} aria-hidden>
      <Icon size={Math.min(40, height * 0.6)} stroke={1.4} color="var(--mantine-color-gray-6)" />
    </Center>
  );
}
