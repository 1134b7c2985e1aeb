"""A real MCP client no one here wrote (the official Python `mcp` SDK)
driving `compass mcp` against a real daemon: list the tools, then call
each as the test's argv says, printing one JSON line per call.

usage: mcp_client.py COMPASS SOCKET CALLS_JSON
CALLS_JSON is a list of [tool, arguments]; the output is
{"tools": [...], "calls": [{"tool", "is_error", "structured", "text"}]}.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def field(obj, snake, camel):
    """The SDK's field by its 2.x (snake_case) or 1.x (camelCase) name."""
    return getattr(obj, snake) if hasattr(obj, snake) else getattr(obj, camel)


async def main() -> None:
    compass, socket, calls = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
    params = StdioServerParameters(command=compass, args=["mcp", "--socket", socket])
    out = {"tools": [], "calls": []}
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            out["server"] = field(init, "server_info", "serverInfo").name
            listed = await session.list_tools()
            out["tools"] = [
                {"name": t.name, "schema": field(t, "input_schema", "inputSchema")} for t in listed.tools
            ]
            for tool, arguments in calls:
                result = await session.call_tool(tool, arguments)
                text = " ".join(
                    c.text for c in result.content if getattr(c, "type", "") == "text"
                )
                out["calls"].append(
                    {
                        "tool": tool,
                        "is_error": bool(field(result, "is_error", "isError")),
                        "structured": field(result, "structured_content", "structuredContent"),
                        "text": text,
                    }
                )
    print(json.dumps(out))


asyncio.run(main())
