import { MEDIA_GROUPS } from '@domain/property-options';
import { SimpleGrid, Stack } from '@mantine/core';
import { MediaGroupSection } from '../media/media-group-section';
import { isGallery } from '../media-rules';

/**
 * Step 5: one section per media group; files are uploaded with the next save or the publish. The
 * photo gallery takes the full width; the other groups pair up where there is room.
 */
export function MediaStep() {
  const galleries = MEDIA_GROUPS.filter(isGallery);
  const lists = MEDIA_GROUPS.filter((group) => !isGallery(group));
  return (
    <Stack gap="md">
      {galleries.map((group) => (
        <MediaGroupSection key={group.key} group={group} />
      ))}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {lists.map((group) => (
          <MediaGroupSection key={group.key} group={group} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
