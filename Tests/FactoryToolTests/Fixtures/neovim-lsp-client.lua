-- Neovim's own LSP client (0.7 or later) against `factory lsp`, headless.
-- The test sets these variables, runs `nvim --headless --clean -c "luafile <this>"`,
-- and reads what was got from LSP_OUT:
--   LSP_COMMAND  the tool to run as `<tool> lsp`
--   LSP_ROOT     the workspace root (holds Assemblies/ and Config/)
--   LSP_FILE     the assembly to open
--   LSP_REF_LINE, LSP_REF_CHAR  a position inside ref="…" (0-based)
--   LSP_KEY_LINE, LSP_KEY_CHAR  a position inside a ${key} (0-based)
--   LSP_PROPERTIES  a .properties file to open after the assembly
local result = { diagnostics = {}, completion = {}, definition = {}, properties = {}, errors = {} }

local function finish()
  local out = io.open(vim.env.LSP_OUT, 'w')
  out:write(vim.fn.json_encode(result))
  out:close()
  vim.cmd('qa!')
end

local ok, failure = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.LSP_FILE))
  local buffer = vim.api.nvim_get_current_buf()
  local client = vim.lsp.start_client({ name = 'factory', cmd = { vim.env.LSP_COMMAND, 'lsp' }, root_dir = vim.env.LSP_ROOT })
  if not client then
    table.insert(result.errors, 'the client did not start')
    return
  end
  vim.lsp.buf_attach_client(buffer, client)

  -- Diagnostics arrive as a notification after the document is opened.
  if not vim.wait(60000, function() return #vim.diagnostic.get(buffer) > 0 end, 50) then
    table.insert(result.errors, 'no diagnostics within 60 s')
  end
  for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
    local lsp = diagnostic.user_data and diagnostic.user_data.lsp or {}
    table.insert(result.diagnostics, { line = diagnostic.lnum, message = diagnostic.message, code = diagnostic.code or lsp.code })
  end

  local uri = vim.uri_from_bufnr(buffer)
  local function ask(method, line, character)
    local params = { textDocument = { uri = uri }, position = { line = tonumber(line), character = tonumber(character) } }
    local responses, err = vim.lsp.buf_request_sync(buffer, method, params, 30000)
    if err then table.insert(result.errors, method .. ': ' .. tostring(err)) end
    return responses or {}
  end

  for _, response in pairs(ask('textDocument/completion', vim.env.LSP_REF_LINE, vim.env.LSP_REF_CHAR)) do
    local items = response.result and (response.result.items or response.result) or {}
    for _, item in ipairs(items) do table.insert(result.completion, item.label) end
  end
  for _, response in pairs(ask('textDocument/definition', vim.env.LSP_KEY_LINE, vim.env.LSP_KEY_CHAR)) do
    for _, location in ipairs(response.result or {}) do
      table.insert(result.definition, { uri = location.uri, line = location.range.start.line })
    end
  end

  -- A .properties file gets its own diagnostics.
  vim.cmd('edit ' .. vim.fn.fnameescape(vim.env.LSP_PROPERTIES))
  local properties = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(properties, client)
  if not vim.wait(60000, function() return #vim.diagnostic.get(properties) > 0 end, 50) then
    table.insert(result.errors, 'no diagnostics for the .properties file within 60 s')
  end
  for _, diagnostic in ipairs(vim.diagnostic.get(properties)) do
    local lsp = diagnostic.user_data and diagnostic.user_data.lsp or {}
    table.insert(result.properties, { line = diagnostic.lnum, message = diagnostic.message, code = diagnostic.code or lsp.code })
  end
end)
if not ok then table.insert(result.errors, tostring(failure)) end
finish()
