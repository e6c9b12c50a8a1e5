"""The self-improving agent: a LangGraph loop over skillrouter's skills and memory.

    from skillrouter import create_self_improving_agent
    agent = create_self_improving_agent(llm, storage_dir="./my_agent_memory")
    result = agent.invoke({"messages": [HumanMessage(content=task)], "task": task})

Router -> Executor -> Evaluator -> Skill Extractor -> Memory Updater; see ``graph.py`` for
the loop and docs/agent.md for the whole story. The pieces embed in graphs of your own:
:func:`make_router_node` and :func:`make_skill_tools` (``search_skills``, ``load_skill``,
``read_skill_file``).
"""

from skillrouter.agent.config import AgentConfig
from skillrouter.agent.graph import build_graph, create_self_improving_agent
from skillrouter.agent.nodes import make_router_node
from skillrouter.agent.runtime import SelfImprovingAgent
from skillrouter.agent.scenario import ScenarioReport, TaskRun, run_scenario
from skillrouter.agent.state import AgentState
from skillrouter.agent.tools import make_skill_tools

__all__ = [
    "AgentConfig",
    "AgentState",
    "ScenarioReport",
    "SelfImprovingAgent",
    "TaskRun",
    "build_graph",
    "create_self_improving_agent",
    "make_router_node",
    "make_skill_tools",
    "run_scenario",
]
