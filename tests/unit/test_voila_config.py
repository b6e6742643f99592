"""The shipped voila.json, as Voila reads it for every page's notebook run."""

from __future__ import annotations

from traitlets.config.loader import JSONFileConfigLoader

from myword_edu.cli import CONFIG_DIR


def test_a_page_waits_for_its_kernels_output_under_a_whole_classs_load():
    """nbclient waits 4 s by default for a cell's output after its reply; with thirty kernels starting
    together the output came later, was dropped ("Timeout waiting for IOPub output") and the page
    stayed blank. Voila hands this config to its executor (VoilaExecutor, an nbclient client)."""
    from voila.execute import VoilaExecutor

    config = JSONFileConfigLoader("voila.json", path=str(CONFIG_DIR)).load_config()
    executor = VoilaExecutor(nb=None, km=None, config=config)
    assert executor.iopub_timeout >= 60 and not executor.raise_on_iopub_timeout
