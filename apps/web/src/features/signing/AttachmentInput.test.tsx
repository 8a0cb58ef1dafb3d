// @vitest-environment happy-dom
import { MESSAGES } from '@esign/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/api-error';
import { apiCall } from '../../api/client';
import { signerField } from '../../test/fields';
import { renderWithProviders } from '../../test/render';
import { AttachmentInput } from './AttachmentInput';

vi.mock('../../api/client', async (original) => ({
  ...(await original<typeof import('../../api/client')>()),
  apiCall: vi.fn(),
}));

function Probe() {
  const [text, setText] = useState<string | null>(null);
  return (
    <>
      <AttachmentInput
        field={signerField({ id: 'f1', type: 'attachment', signerId: 's1', text })}
        label="Attachment"
        controlRef={() => undefined}
        onText={setText}
      />
      <span data-testid="value">{text ?? ''}</span>
    </>
  );
}

const choose = (file: File) => fireEvent.change(screen.getByTestId('attachment-file'), { target: { files: [file] } });

afterEach(() => vi.mocked(apiCall).mockReset());

describe("an attachment field's control (issue 37)", () => {
  it('uploads the chosen file for its field and shows its name; the button then replaces it', async () => {
    vi.mocked(apiCall).mockResolvedValue({ fileName: 'id.png' } as never);
    renderWithProviders(<Probe />);
    expect(screen.getByRole('button', { name: 'Attachment: Choose a file' })).toBeInTheDocument();
    choose(new File([new Uint8Array([0x89, 0x50])], 'id.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('value')).toHaveTextContent('id.png'));
    const [name, options] = vi.mocked(apiCall).mock.calls[0] as unknown as [
      string,
      { params: object; formData: FormData },
    ];
    expect(name).toBe('uploadFieldAttachment');
    expect(options.params).toEqual({ id: '', signerId: 's1', fieldId: 'f1' });
    expect((options.formData.get('file') as File).name).toBe('id.png');
    expect(screen.getByRole('button', { name: 'Attachment: Replace the file' })).toHaveTextContent('id.png');
  });

  it("says the server's refusal, and refuses a file over 20 MB without sending it", async () => {
    vi.mocked(apiCall).mockRejectedValue(
      new ApiError({ status: 400, code: 'VALIDATION_ERROR', message: MESSAGES.attachmentTypeNotAllowed }),
    );
    renderWithProviders(<Probe />);
    choose(new File(['GIF89a'], 'a.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Attach a PDF, PNG or JPEG file');
    vi.mocked(apiCall).mockClear();
    const big = new File(['x'], 'big.pdf');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    choose(big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The file must be 20 MB or smaller');
    expect(apiCall).not.toHaveBeenCalled();
    expect(screen.getByTestId('value')).toHaveTextContent('');
  });
});
