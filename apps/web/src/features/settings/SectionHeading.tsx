import { Text, Title } from '@mantine/core';

/** A section of the profile page: its heading and, when it has one, a line under it. */
export function SectionHeading({ title, intro, id }: { title: string; intro?: string; id?: string }) {
  return (
    <div>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {intro && (
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
      )}
    </div>
  );
}
